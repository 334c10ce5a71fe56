#!/usr/bin/env node
// Entry point kept at dist/cli.js so `node dist/cli.js <command>` works as well as the `nemesis` bin.
import "./cli/main.js";
