import path from "node:path";
import type { Config } from "../env.ts";
import { LocalStorage } from "./local.ts";
import { S3Storage } from "./s3.ts";
import type { Storage } from "./storage.ts";

export type { Storage } from "./storage.ts";

/** The store for session recordings the settings choose: DATA_DIR/recordings, or the S3 bucket under "recordings/". */
export async function createRecordingStorage(config: Config): Promise<Storage> {
  if (config.storage.kind === "s3") return new S3Storage({ ...config.storage, prefix: "recordings/" });
  return new LocalStorage(path.join(config.dataDir, "recordings")).open();
}
