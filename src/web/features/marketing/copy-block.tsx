import { Button, Group, Title } from "@mantine/core";
import { useState } from "react";

/**
 * A template to copy: the text is a plain <pre> (readable and selectable with JavaScript off);
 * the Copy button puts it on the clipboard and says so in a live region.
 */
export function CopyBlock({ title, text }: { title: string; text: string }) {
  const [status, setStatus] = useState("");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setStatus("Copied");
    } catch {
      setStatus("Could not copy: select the text and copy it instead");
    }
  };
  return (
    <div className="card template-block">
      <Group justify="space-between" mb="sm" wrap="nowrap" align="flex-start">
        <Title order={3} size="h4">
          {title}
        </Title>
        <Button size="xs" variant="default" onClick={() => void copy()} aria-label={`Copy ${title}`}>
          Copy
        </Button>
      </Group>
      <pre>{text}</pre>
      <div role="status" className="copy-status">
        {status}
      </div>
    </div>
  );
}
