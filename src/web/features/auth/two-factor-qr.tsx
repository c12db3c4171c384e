import { Button, Center, Code, CopyButton, Image, Loader, Stack, Text } from "@mantine/core";
import QRCode from "qrcode";
import { useEffect, useId, useState } from "react";
import { groupSecret, secretOf } from "./otpauth.ts";

/** Step 2 of /setup-2fa: the QR code for the authenticator app, and the secret in text. */
export function TwoFactorQr({ totpURI }: { totpURI: string }) {
  const [image, setImage] = useState<string | null>(null);
  const secret = secretOf(totpURI) ?? "";
  const secretLabel = useId();

  useEffect(() => {
    let current = true;
    QRCode.toDataURL(totpURI, { margin: 2, width: 200, errorCorrectionLevel: "M" })
      .then((url) => current && setImage(url))
      .catch(() => current && setImage(null));
    return () => {
      current = false;
    };
  }, [totpURI]);

  return (
    <Stack gap="md">
      <Text>Scan this QR code with your authenticator app (for example Google Authenticator, Microsoft Authenticator, 1Password or Aegis).</Text>
      <Center>
        {image ? (
          <Image src={image} alt="QR code for your authenticator app" w={200} h={200} fit="contain" bg="white" radius="sm" />
        ) : (
          <Center w={200} h={200} role="status" aria-label="Drawing the QR code">
            <Loader aria-hidden="true" />
          </Center>
        )}
      </Center>
      <Stack gap={6}>
        <Text fw={600} size="sm" id={secretLabel}>
          Secret key
        </Text>
        <Text size="sm">Cannot scan? Enter this key in the app instead.</Text>
        <Code
          block
          role="group"
          aria-labelledby={secretLabel}
          fz="md"
          style={{ whiteSpace: "pre-wrap", wordBreak: "break-word", overflow: "visible", letterSpacing: "0.05em" }}
        >
          {groupSecret(secret)}
        </Code>
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy} aria-live="polite" style={{ alignSelf: "flex-start" }}>
              {copied ? "Copied" : "Copy key"}
            </Button>
          )}
        </CopyButton>
      </Stack>
    </Stack>
  );
}
