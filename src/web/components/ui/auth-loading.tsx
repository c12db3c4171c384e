import { Center, Loader, Stack, Text } from "@mantine/core";
import { MESSAGES } from "../../../shared/messages.ts";

/** The spinner while authentication loads, with 'Loading authorization...' (the words people knew). */
export function AuthLoading() {
  return (
    <Center mih="100vh" component="main">
      <Stack align="center" gap="sm" role="status" aria-live="polite">
        <Loader aria-hidden="true" />
        <Text c="dimmed">{MESSAGES.loadingAuthorization}</Text>
      </Stack>
    </Center>
  );
}
