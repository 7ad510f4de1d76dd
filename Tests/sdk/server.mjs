// Starts SEGUE_BINARY (default .build/debug/segue) on 127.0.0.1, port 0, for the SDK's tests
// against a live server; resolves to its base URL and the process, once it prints its listening line.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

export async function startServer() {
  const binary = process.env.SEGUE_BINARY || ".build/debug/segue";
  const server = spawn(binary, ["--port", "0", "--host", "127.0.0.1"], { stdio: ["ignore", "pipe", "ignore"] });
  const lines = createInterface({ input: server.stdout });
  const base = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${binary} printed no listening line in 20 s`)), 20000);
    lines.on("line", (line) => {
      const match = /^listening on (http:\/\/\S+)$/.exec(line.trim());
      if (match) { clearTimeout(timer); resolve(match[1]); }
    });
  });
  return { base, server };
}
