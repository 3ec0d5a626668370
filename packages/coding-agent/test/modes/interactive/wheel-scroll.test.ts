import { describe, expect, it } from "vitest";
import { WheelScroll } from "../../../src/modes/interactive/wheel-scroll.js";

describe("WheelScroll", () => {
	it("moves one line for a lone notch and for the reports of one notch", () => {
		const wheel = new WheelScroll("auto", true);
		expect(wheel.next(-1, 1000)).toBe(1);
		// A new gesture after a pause, and a burst under 5 ms apart.
		expect(wheel.next(-1, 1500)).toBe(1);
		expect(wheel.next(-1, 1502)).toBe(1);
		expect(wheel.next(-1, 1504)).toBe(1);
	});

	it("speeds up in proportion to how fast the notches come, at most six lines", () => {
		const wheel = new WheelScroll("auto", true);
		wheel.next(1, 0);
		expect(wheel.next(1, 50)).toBe(2);
		expect(wheel.next(1, 100)).toBe(2);
		const fast = new WheelScroll("auto", true);
		fast.next(1, 0);
		expect(fast.next(1, 10)).toBe(6);
		// A change of direction starts over.
		expect(fast.next(-1, 20)).toBe(1);
	});

	it("leaves acceleration to terminals that do it themselves", () => {
		const wheel = new WheelScroll("auto", false);
		wheel.next(1, 0);
		expect(wheel.next(1, 10)).toBe(1);
	});

	it("moves a fixed number of lines per report when fullscreenWheelScrollLines is a number", () => {
		const wheel = new WheelScroll(3, true);
		expect(wheel.next(1, 0)).toBe(3);
		expect(wheel.next(1, 10)).toBe(3);
		wheel.setLines("auto");
		expect(wheel.next(1, 20)).toBe(1);
		wheel.setLines(2.7);
		expect(wheel.next(-1, 30)).toBe(2);
	});
});
