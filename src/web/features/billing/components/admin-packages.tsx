import { Badge, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import type { PackageProduct } from "../../../../shared/schemas/billing-packages.ts";
import { Can, useCan } from "../../../components/auth/can.tsx";
import { DataTable, type DataColumn } from "../../../components/data/data-table.tsx";
import { FormError } from "../../../components/ui/form-error.tsx";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { formatMoney } from "../../../lib/format-money.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { usePackages, useUpdatePackage } from "../admin-api.ts";
import { formatMinutes } from "../format.ts";
import { AdminEmpty } from "./admin-empty.tsx";
import { AdminPackageModal, SCOPE_LABELS } from "./admin-package-form.tsx";

/** The packages catalogue: create, edit, archive (an archived package is no longer sold; sold ones keep their terms). */
export function AdminPackages() {
  const packages = usePackages();
  const canWrite = useCan("admin:billing:write");
  const [editing, setEditing] = useState<PackageProduct | null>(null);
  const [formOpen, form] = useDisclosure(false);
  const [archiving, setArchiving] = useState<PackageProduct | null>(null);
  const archive = useUpdatePackage();

  const columns = (currency: string): DataColumn<PackageProduct>[] => [
    {
      header: "Package",
      rowHeader: true,
      maxWidth: 280,
      cell: (product) => (
        <Stack gap={2}>
          <Text fw={600} size="sm">
            {product.name}
          </Text>
          {product.description ? (
            <Text size="sm" fw={400}>
              {product.description}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { header: "Price", align: "right", nowrap: true, cell: (product) => formatMoney(product.priceMinor, currency) },
    { header: "Hours", align: "right", nowrap: true, cell: (product) => formatMinutes(product.minutes) },
    { header: "Valid", nowrap: true, cell: (product) => `${product.validDays} days` },
    { header: "For", cell: (product) => SCOPE_LABELS[product.scope] },
    {
      header: "Status",
      cell: (product) =>
        product.archived ? (
          <Badge color="gray" variant="outline" tt="none">
            Archived
          </Badge>
        ) : (
          <Badge color="teal" variant="outline" tt="none">
            On sale
          </Badge>
        ),
    },
    ...(canWrite
      ? [
          {
            header: "Actions",
            headerHidden: true,
            cell: (product: PackageProduct) => (
              <Group gap="xs" wrap="nowrap">
                <Button
                  size="compact-sm"
                  variant="default"
                  aria-label={`Edit ${product.name}`}
                  onClick={() => {
                    setEditing(product);
                    form.open();
                  }}
                >
                  Edit
                </Button>
                {product.archived ? (
                  <Button
                    size="compact-sm"
                    variant="default"
                    aria-label={`Put ${product.name} back on sale`}
                    onClick={() =>
                      archive.mutate(
                        { productId: product.id, changes: { archived: false } },
                        { onSuccess: () => notifySuccess("Package on sale", `${product.name} can be sold again.`) },
                      )
                    }
                  >
                    Put on sale
                  </Button>
                ) : (
                  <Button size="compact-sm" variant="default" color="red" aria-label={`Archive ${product.name}`} onClick={() => setArchiving(product)}>
                    Archive
                  </Button>
                )}
              </Group>
            ),
          },
        ]
      : []),
  ];

  return (
    <QueryState query={packages} label="packages">
      {(list) => (
        <Stack gap="md">
          <Can permission="admin:billing:write">
            <Group>
              <Button
                leftSection={<IconPlus size={16} aria-hidden="true" />}
                onClick={() => {
                  setEditing(null);
                  form.open();
                }}
              >
                New package
              </Button>
            </Group>
          </Can>
          {list.items.length === 0 ? (
            <AdminEmpty title="No packages yet." description="A package is hours sold in advance: a price, a number of hours and how long they stay valid." />
          ) : (
            <DataTable
              rows={list.items}
              columns={columns(list.currency)}
              rowKey={(product) => product.id}
              caption="The packages catalogue"
              captionHidden
              listLabel="Packages"
              minWidth={860}
            />
          )}
          <AdminPackageModal opened={formOpen} onClose={form.close} product={editing} currency={list.currency} />
          <Modal opened={archiving !== null} onClose={() => setArchiving(null)} title={`Archive ${archiving?.name ?? "the package"}?`}>
            <Stack gap="md">
              <Text size="sm">It can no longer be sold. Families who bought it keep their hours.</Text>
              <FormError error={archive.error} title="Could not archive the package" />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setArchiving(null)}>
                  Cancel
                </Button>
                <Button
                  color="red"
                  loading={archive.isPending}
                  onClick={() =>
                    archiving &&
                    archive.mutate(
                      { productId: archiving.id, changes: { archived: true } },
                      {
                        onSuccess: () => {
                          notifySuccess("Package archived", `${archiving.name} is no longer sold.`);
                          setArchiving(null);
                        },
                      },
                    )
                  }
                >
                  Archive package
                </Button>
              </Group>
            </Stack>
          </Modal>
        </Stack>
      )}
    </QueryState>
  );
}
