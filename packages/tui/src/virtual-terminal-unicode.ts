import type { IUnicodeVersionProvider } from "@xterm/headless";
import { graphemeWidth } from "./text-width.js";

/**
 * A Unicode provider for @xterm/headless that measures cells the way `visibleWidth` does (and
 * modern terminals do): emoji presentation, ZWJ sequences, VS16, flags and skin tones form
 * one double-width cell; combining marks join the previous cell. xterm's built-in provider
 * follows Unicode 6, where most emoji are one cell wide.
 */

const ZWJ = 0x200d;
const VS16 = 0xfe0f;
const KIND_PLAIN = 0;
const KIND_AFTER_ZWJ = 1;
const KIND_ODD_REGIONAL_INDICATOR = 2;
const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;
const JOINING = /^[\p{Mn}\p{Me}\p{Cf}]$/u;

function propertyValue(kind: number, width: number, shouldJoin: boolean): number {
	// Layout used by xterm's UnicodeService: kind << 3 | width << 1 | join.
	return ((kind & 0xffffff) << 3) | ((width & 3) << 1) | (shouldJoin ? 1 : 0);
}

function isRegionalIndicator(codePoint: number): boolean {
	return codePoint >= 0x1f1e6 && codePoint <= 0x1f1ff;
}

function isEmojiModifier(codePoint: number): boolean {
	return codePoint >= 0x1f3fb && codePoint <= 0x1f3ff;
}

/** Registers as version "pi" via `terminal.unicode.register`, then activate it. */
export const piUnicodeProvider: IUnicodeVersionProvider = {
	version: "pi",
	wcwidth(codePoint: number): 0 | 1 | 2 {
		const width = graphemeWidth(String.fromCodePoint(codePoint));
		return width >= 2 ? 2 : width <= 0 ? 0 : 1;
	},
	charProperties(codePoint: number, preceding: number): number {
		const precedingWidth = (preceding >> 1) & 3;
		const precedingKind = preceding >> 3;
		const hasPreceding = preceding !== 0 && precedingWidth > 0;
		const char = String.fromCodePoint(codePoint);
		if (hasPreceding) {
			if (codePoint === ZWJ) return propertyValue(KIND_AFTER_ZWJ, precedingWidth, true);
			if (precedingKind === KIND_AFTER_ZWJ && PICTOGRAPHIC.test(char)) {
				return propertyValue(KIND_PLAIN, 2, true);
			}
			if (codePoint === VS16) return propertyValue(KIND_PLAIN, 2, true);
			if (isEmojiModifier(codePoint)) return propertyValue(KIND_PLAIN, 2, true);
			if (isRegionalIndicator(codePoint) && precedingKind === KIND_ODD_REGIONAL_INDICATOR) {
				return propertyValue(KIND_PLAIN, 2, true);
			}
			if (JOINING.test(char)) return propertyValue(KIND_PLAIN, codePoint === 0x20e3 ? 2 : precedingWidth, true);
		}
		const kind = isRegionalIndicator(codePoint) ? KIND_ODD_REGIONAL_INDICATOR : KIND_PLAIN;
		return propertyValue(kind, this.wcwidth(codePoint), false);
	},
};
