// Extension for the codemode parity runs: one tool per exposure, plain JSON schemas so that both
// pi 1.4 and ours load it without imports.
const obj = (properties = {}) => ({ type: "object", properties, required: Object.keys(properties) });
const text = (t) => ({ content: [{ type: "text", text: t }], details: undefined });
export default function (pi) {
	const tool = (name, exposure, extra = {}) =>
		pi.registerTool({
			name,
			label: name,
			description: `The ${name} tool.`,
			parameters: obj({ x: { type: "string" } }),
			...(exposure ? { exposure } : {}),
			...extra,
			async execute(_id, p) {
				return text(`${name}:${p.x}`);
			},
		});
	tool("e_direct", undefined);
	tool("e_off", "direct", { defaultActive: false });
	tool("e_model", "model-only");
	tool("e_code", "codemode");
	tool("e_defer", "deferred");
	tool("e_hidden", "hidden");
}
