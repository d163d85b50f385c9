import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Lets parallel test runs build into their own directory.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
