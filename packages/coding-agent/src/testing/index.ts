// `@pi/coding-agent/testing`: offline sessions for tests and examples (a separate entry point so
// the main API stays free of test scaffolding).
export { createFauxSession, type FauxSession, type FauxSessionOptions } from "./faux-session.js";
