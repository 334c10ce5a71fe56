import { runCli } from "./runCli.js";

// A code means the command is over (a failure, help, a version): exit now rather than wait for
// whatever it left open. Without one the process ends when its work does (`serve` keeps running).
const code = await runCli(process.argv.slice(2));
if (code !== undefined) process.exit(code);
