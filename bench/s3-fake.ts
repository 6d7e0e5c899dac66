// The fake S3 service of the tests in its own process, for bench/s3-upload.ts: prints its URL.
import { startFakeS3 } from "../tests/fakes/s3";

const fake = await startFakeS3({ bucket: "bench", accessKeyId: "AKIABENCH", region: "us-east-1" });
console.log(fake.url);
process.on("SIGTERM", () => void fake.close().then(() => process.exit(0)));
