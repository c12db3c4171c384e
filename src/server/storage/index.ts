import path from "node:path";
import type { Config } from "../env.ts";
import { LocalStorage } from "./local.ts";
import { S3Storage } from "./s3.ts";
import type { Storage } from "./storage.ts";

export type { Storage } from "./storage.ts";

/** What a store keeps: each its own folder of DATA_DIR, or its own prefix of the S3 bucket. */
export type StoreName = "recordings" | "resources" | "exports";

/** The store the settings choose for one kind of file: DATA_DIR/<name>, or the S3 bucket under "<name>/". */
export async function createStorage(config: Config, name: StoreName): Promise<Storage> {
  if (config.storage.kind === "s3") return new S3Storage({ ...config.storage, prefix: `${name}/` });
  return new LocalStorage(path.join(config.dataDir, name)).open();
}
