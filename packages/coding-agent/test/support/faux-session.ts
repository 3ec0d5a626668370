// The helper is public as `@pi/coding-agent/testing`; tests keep importing it from here.
export { createFauxSession, type FauxSession, type FauxSessionOptions } from "../../src/testing/faux-session.js";
