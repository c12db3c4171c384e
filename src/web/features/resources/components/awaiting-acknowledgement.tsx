import { Alert, Anchor, List } from "@mantine/core";
import { Link } from "react-router";
import type { Area } from "../../../../shared/roles.ts";
import { useResources } from "../api.ts";

/**
 * On a member's dashboard: the documents of the library that await their acknowledgement (a
 * handbook, a policy), each a link to read and acknowledge it. Nothing when none awaits.
 */
export function AwaitingAcknowledgement({ area }: { area: Area }) {
  const library = useResources(area, { q: "", category: null, page: 1 });
  const awaiting = library.data?.awaiting ?? [];
  if (awaiting.length === 0) return null;
  return (
    <Alert
      color="yellow"
      mb="lg"
      maw={960}
      title={awaiting.length === 1 ? "A document to read and acknowledge" : `${awaiting.length} documents to read and acknowledge`}
    >
      <List size="sm" spacing={4}>
        {awaiting.map((resource) => (
          <List.Item key={resource.id}>
            {/* The text's own colour, underlined: the link colour is too faint on the alert's yellow. */}
            <Anchor component={Link} to={`/${area}/resources?resource=${encodeURIComponent(resource.id)}`} size="sm" c="inherit" underline="always" fw={600}>
              {resource.title}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
