import { Anchor, List, Text } from "@mantine/core";
import { Link } from "react-router";
import type { InvoicePolicy } from "../../../../shared/schemas/billing-invoices.ts";
import { Instant } from "../../../components/ui/instant.tsx";
import { SectionCard } from "../../../components/ui/section-card.tsx";
import { percentText } from "../format.ts";

/**
 * The cancellation policies the invoice's lines were priced under: the terms of each version,
 * the library document it cited (to read it again) and when the family acknowledged it.
 */
export function InvoicePolicies({ policies, area }: { policies: readonly InvoicePolicy[]; area: "admin" | "parent" }) {
  if (policies.length === 0) return null;
  return (
    <SectionCard title="Cancellation policy" description="The version of the policy each line's price followed, and the document the family acknowledged.">
      <List spacing="sm" size="sm">
        {policies.map((policy) => (
          <List.Item key={policy.id}>
            <Text size="sm" fw={600} component="span">
              Version {policy.version}
            </Text>
            <Text size="sm" component="span">
              , in force from <Instant at={policy.effectiveFrom} />: cancelling less than {policy.noticeHours} hours ahead is charged{" "}
              {percentText(policy.lateCancellationShareBps)} %, a no-show {percentText(policy.noShowShareBps)} %.
            </Text>
            {policy.document ? (
              <Text size="sm">
                Stated in{" "}
                <Anchor underline="always" component={Link} to={`/${area}/resources?resource=${encodeURIComponent(policy.document.resourceId)}`}>
                  {policy.document.title}, version {policy.document.version}
                </Anchor>
                .{" "}
                {policy.document.acknowledgements.length === 0 ? (
                  "Not acknowledged by this family."
                ) : (
                  <>
                    Acknowledged by{" "}
                    {policy.document.acknowledgements.map((acknowledgement, index) => (
                      <span key={`${acknowledgement.name}-${acknowledgement.version}`}>
                        {index > 0 ? "; " : ""}
                        {acknowledgement.name} on <Instant at={acknowledgement.at} />
                        {acknowledgement.version === policy.document!.version ? "" : ` (version ${acknowledgement.version})`}
                      </span>
                    ))}
                    .
                  </>
                )}
              </Text>
            ) : null}
          </List.Item>
        ))}
      </List>
    </SectionCard>
  );
}
