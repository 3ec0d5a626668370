#!/usr/bin/env node
import { main } from "./main.js";

// Exit explicitly: idle keep-alive sockets of provider SDKs must not hold a finished run open.
process.exit(await main(process.argv.slice(2)));
