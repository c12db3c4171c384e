/** The commit read from a repository's files: a branch, a detached HEAD, a worktree, packed refs, or none. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { gitCommitOf } from "./version.ts";

const A = "1fc7399f69fbd4a066b802041aa443ea627674e1";
const B = "ec74a6c0000000000000000000000000000000ab";
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function write(root: string, file: string, text: string): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), `${text}\n`);
}

function project(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), "glassroom-git-"));
  folders.push(root);
  return root;
}

describe("gitCommitOf", () => {
  it("follows a branch to its ref file, or to packed-refs", () => {
    const root = project();
    write(root, ".git/HEAD", "ref: refs/heads/main");
    write(root, ".git/refs/heads/main", A);
    expect(gitCommitOf(root)).toBe(A);
    write(root, ".git/HEAD", "ref: refs/heads/old");
    write(root, ".git/packed-refs", `# pack-refs with: peeled fully-peeled sorted\n${B} refs/heads/old\n${A} refs/heads/other`);
    expect(gitCommitOf(root)).toBe(B);
  });

  it("reads a detached HEAD, and a worktree's HEAD with its branch in the common folder", () => {
    const root = project();
    write(root, ".git/HEAD", A);
    expect(gitCommitOf(root)).toBe(A);

    const main = project();
    write(main, ".git/refs/heads/feature", B);
    write(main, ".git/worktrees/feature/HEAD", "ref: refs/heads/feature");
    write(main, ".git/worktrees/feature/commondir", "../..");
    const worktree = project();
    write(worktree, ".git", `gitdir: ${path.join(main, ".git/worktrees/feature")}`);
    expect(gitCommitOf(worktree)).toBe(B);
  });

  it("is null without a repository or for anything unexpected", () => {
    const root = project();
    expect(gitCommitOf(root)).toBeNull();
    write(root, ".git/HEAD", "ref: refs/heads/missing");
    expect(gitCommitOf(root)).toBeNull();
    write(root, ".git/HEAD", "not a commit");
    expect(gitCommitOf(root)).toBeNull();
  });
});
