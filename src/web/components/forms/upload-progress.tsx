import { Progress, Stack, Text } from "@mantine/core";

/** An upload's progress while a file is sent: a bar and its percentage, read out as it changes. */
export function UploadProgress({ fraction }: { fraction: number }) {
  const percent = Math.round(fraction * 100);
  return (
    <Stack gap={4}>
      <Progress value={percent} aria-label="Upload progress" animated />
      <Text size="sm" role="status">
        Uploading… {percent}%
      </Text>
    </Stack>
  );
}
