import type { ZodError } from "zod";

export function zodIssues(error: ZodError): { path: (string | number)[]; message: string }[] {
  return error.issues.map((issue) => ({
    path: issue.path.filter((part): part is string | number => typeof part !== "symbol"),
    message: issue.message,
  }));
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The first string in a validated request value that PostgreSQL cannot take: one with a NUL
 * character (text and jsonb refuse it) or an unpaired surrogate (jsonb refuses it). Such
 * input must be refused as invalid before it reaches a query, where it failed with a 500.
 */
export function unstorableText(value: unknown, path: (string | number)[] = []): { path: (string | number)[]; problem: string } | undefined {
  // Iterative, with parent links instead of copied paths: a request body may nest 100,000 deep.
  interface Node {
    value: unknown;
    key?: string | number;
    parent?: Node;
  }
  const pathOf = (node: Node) => {
    const keys: (string | number)[] = [];
    for (let at: Node | undefined = node; at?.parent; at = at.parent) keys.push(at.key!);
    return [...path, ...keys.reverse()];
  };
  const stack: Node[] = [{ value }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (typeof node.value === "string") {
      if (node.value.includes("\u0000")) return { path: pathOf(node), problem: "must not contain a NUL character" };
      if (LONE_SURROGATE.test(node.value)) return { path: pathOf(node), problem: "must be valid Unicode text (it has an unpaired surrogate)" };
    } else if (Array.isArray(node.value)) {
      for (let index = node.value.length - 1; index >= 0; index--) stack.push({ value: node.value[index], key: index, parent: node });
    } else if (node.value !== null && typeof node.value === "object") {
      for (const [key, item] of Object.entries(node.value).reverse()) stack.push({ value: item, key, parent: node });
    }
  }
  return undefined;
}
