import { Select, type SelectProps } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useMemo, useState } from "react";

/** What a picker holds: the picked record's id and a name to show while it is not listed. */
export interface Picked {
  id: string;
  name: string;
}

const NONE = "none";

/**
 * The typing side of a picker searched on the server: what is typed, and the debounced text to
 * search for (empty while the box shows the picked option's label, or the empty option's,
 * which is not a search).
 */
export function usePickerSearch(picked: Picked | null, emptyLabel: string) {
  const [search, setSearch] = useState("");
  const [labels, setLabels] = useState<Record<string, string>>({});
  const shown = picked ? labels[picked.id] : emptyLabel;
  const [query] = useDebouncedValue(search === shown ? "" : search, 250);
  return { search, setSearch, labels, remember: (id: string, label: string) => setLabels((current) => ({ ...current, [id]: label })), query };
}

export type PickerSearch = ReturnType<typeof usePickerSearch>;

type SearchSelectProps = Omit<SelectProps, "data" | "value" | "onChange" | "searchValue" | "onSearchChange"> & {
  picker: PickerSearch;
  value: Picked | null;
  onChange: (picked: Picked | null) => void;
  /** The first option, meaning "none in particular" (the keyboard cannot reach a clear button). */
  emptyLabel: string;
  /** What the server answered for picker.query, as options. */
  options: readonly (Picked & { label: string })[];
  state: { isFetching: boolean; isError: boolean; error: Error | null };
  nothingFound: string;
};

/**
 * One record picked from a server search: the list shows what the server answered (no
 * filtering here), and the picked record stays an option when a later search no longer lists it.
 */
export function SearchSelect({ picker, value, onChange, emptyLabel, options, state, nothingFound, ...props }: SearchSelectProps) {
  const data = useMemo(() => {
    const items = options.map((option) => ({ value: option.id, label: option.label }));
    if (value && !items.some((item) => item.value === value.id)) items.unshift({ value: value.id, label: picker.labels[value.id] ?? value.name });
    return [{ value: NONE, label: emptyLabel }, ...items];
  }, [options, value, picker.labels, emptyLabel]);

  return (
    <Select
      searchable
      allowDeselect={false}
      data={data}
      value={value?.id ?? NONE}
      searchValue={picker.search}
      onSearchChange={picker.setSearch}
      onChange={(id, option) => {
        if (!id || id === NONE) return onChange(null);
        picker.remember(id, option?.label ?? "");
        const found = options.find((item) => item.id === id);
        onChange(found ? { id: found.id, name: found.name } : (value ?? { id, name: option?.label ?? "" }));
      }}
      filter={({ options: shown }) => shown}
      nothingFoundMessage={state.isFetching ? "Searching…" : state.isError ? (state.error?.message ?? "The search failed.") : nothingFound}
      comboboxProps={{ keepMounted: false }}
      maxDropdownHeight={260}
      {...props}
    />
  );
}
