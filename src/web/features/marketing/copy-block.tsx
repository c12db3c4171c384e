import { Button, Group, Title } from "@mantine/core";
import { useState } from "react";

const COPIED = "Copied";
const COPY_FAILED = "Could not copy: select the text and copy it instead";

/**
 * A template to copy: the text is a plain <pre> (readable and selectable with JavaScript off);
 * the Copy button puts it on the clipboard and says so in a live region. On the pre-rendered
 * page, which loads no framework, the content pages' plain script does the same
 * (content-page-script.js: the data attributes are for it); React's handler serves a page
 * rendered by the client router.
 */
export function CopyBlock({ title, text }: { title: string; text: string }) {
  const [status, setStatus] = useState("");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setStatus(COPIED);
    } catch {
      setStatus(COPY_FAILED);
    }
  };
  return (
    <div className="card template-block">
      <Group justify="space-between" mb="sm" wrap="nowrap" align="flex-start">
        <Title order={3} size="h4">
          {title}
        </Title>
        <Button size="xs" variant="default" onClick={() => void copy()} aria-label={`Copy ${title}`} data-copy-button>
          Copy
        </Button>
      </Group>
      <pre>{text}</pre>
      <div role="status" className="copy-status" data-copied={COPIED} data-failed={COPY_FAILED}>
        {status}
      </div>
    </div>
  );
}
