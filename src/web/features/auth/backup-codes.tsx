import { Button, CopyButton, SimpleGrid, Stack, Text } from "@mantine/core";
import { backupCodesText } from "./otpauth.ts";

function download(text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = "glassroom-backup-codes.txt";
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The backup codes, shown once: each can replace an authenticator code one time. */
export function BackupCodes({ codes, email, onDone }: { codes: readonly string[]; email: string; onDone: () => void }) {
  const text = backupCodesText(codes, email);
  return (
    <Stack gap="md">
      <Text>
        If you lose your phone, sign in with one of these codes instead of a code from the app. Each code works once. Keep them somewhere safe, such as a
        password manager: this is the only time they are shown.
      </Text>
      <SimpleGrid component="ul" aria-label="Backup codes" cols={2} spacing="xs" verticalSpacing="xs" p={0} m={0} style={{ listStyle: "none" }}>
        {codes.map((code) => (
          <Text component="li" key={code} ff="monospace" fz="md">
            {code}
          </Text>
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy} aria-live="polite">
              {copied ? "Copied" : "Copy codes"}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" onClick={() => download(text)}>
          Download codes
        </Button>
      </SimpleGrid>
      <Button onClick={onDone}>I have saved my backup codes</Button>
    </Stack>
  );
}
