import { Center, Loader, Stack, Text } from "@mantine/core";

/** The spinner inside the public layout while an auth page reads its link or the session. */
export function PageLoading({ label }: { label: string }) {
  return (
    <Center mih="40vh">
      <Stack align="center" gap="sm" role="status" aria-live="polite">
        <Loader aria-hidden="true" />
        <Text>{label}</Text>
      </Stack>
    </Center>
  );
}
