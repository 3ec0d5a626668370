import { register } from "node:module";

register("./log-resolve-hook.mjs", import.meta.url);
