/**
 * Tracks which SGR attributes are active while scanning ANSI text, so a style can be
 * re-opened at the start of a new line (wrapping) or a slice.
 */
export class SgrState {
	private readonly slots = new Map<string, string>();

	/** Applies one SGR sequence such as `ESC[1;38;5;208m`. Non-SGR input is ignored. */
	apply(sequence: string): void {
		const match = sequence.startsWith("\x1b[") ? /^([0-9;:]*)m$/.exec(sequence.slice(2)) : null;
		if (!match) return;
		const params = (match[1] ?? "").split(";");
		for (let i = 0; i < params.length; i++) {
			const param = params[i] ?? "";
			const [head = ""] = param.split(":");
			const code = head === "" ? 0 : Number(head);
			if (code === 38 || code === 48 || code === 58) {
				const slot = code === 38 ? "fg" : code === 48 ? "bg" : "ul-color";
				if (param.includes(":")) {
					this.slots.set(slot, param);
					continue;
				}
				const mode = params[i + 1];
				const count = mode === "5" ? 2 : mode === "2" ? 4 : 1;
				this.slots.set(slot, params.slice(i, i + 1 + count).join(";"));
				i += count;
				continue;
			}
			this.applyCode(code, param);
		}
	}

	private applyCode(code: number, param: string): void {
		if (code === 0) this.slots.clear();
		else if (code === 1) this.slots.set("bold", "1");
		else if (code === 2) this.slots.set("dim", "2");
		else if (code === 22) {
			this.slots.delete("bold");
			this.slots.delete("dim");
		} else if (code === 3) this.slots.set("italic", "3");
		else if (code === 23) this.slots.delete("italic");
		else if (code === 4) this.slots.set("underline", param);
		else if (code === 24) this.slots.delete("underline");
		else if (code === 5 || code === 6) this.slots.set("blink", param);
		else if (code === 25) this.slots.delete("blink");
		else if (code === 7) this.slots.set("inverse", "7");
		else if (code === 27) this.slots.delete("inverse");
		else if (code === 8) this.slots.set("hidden", "8");
		else if (code === 28) this.slots.delete("hidden");
		else if (code === 9) this.slots.set("strike", "9");
		else if (code === 29) this.slots.delete("strike");
		else if ((code >= 30 && code <= 37) || (code >= 90 && code <= 97)) this.slots.set("fg", param);
		else if (code === 39) this.slots.delete("fg");
		else if ((code >= 40 && code <= 47) || (code >= 100 && code <= 107)) this.slots.set("bg", param);
		else if (code === 49) this.slots.delete("bg");
		else if (code === 59) this.slots.delete("ul-color");
	}

	/** True when no attribute is active. */
	isEmpty(): boolean {
		return this.slots.size === 0;
	}

	/** True when underline is active (it would otherwise bleed into padding after a line). */
	hasUnderline(): boolean {
		return this.slots.has("underline");
	}

	/** One SGR sequence that re-establishes the active attributes, or "" when none are. */
	toSequence(): string {
		if (this.slots.size === 0) return "";
		return `\x1b[${[...this.slots.values()].join(";")}m`;
	}
}
