/**
 * `@pi/tui/testing`: a virtual terminal for tests. A separate entry point so that
 * `@xterm/headless` is only loaded by code that renders into an emulator.
 */
export { type CellColor, type CellInfo, VirtualTerminal, type VirtualTerminalOptions } from "./virtual-terminal.js";
