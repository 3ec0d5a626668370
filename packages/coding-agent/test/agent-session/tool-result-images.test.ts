import type { AgentTool } from "@pi/agent-core";
import { fauxAssistantMessage, fauxToolCall, type ImageContent } from "@pi/ai";
import { getImageDimensions } from "@pi/tui";
import photon from "@silvia-odwyer/photon-node";
import { Type } from "@sinclair/typebox";
import { describe, expect, it } from "vitest";
import { createExtensionSession } from "../extensions/extension-test-support.js";
import { useTempDirs } from "../support/temp-dir.js";

const tempDir = useTempDirs();

function pngBase64(width: number, height: number): string {
	const image = new photon.PhotonImage(new Uint8Array(width * height * 4).fill(120), width, height);
	try {
		return Buffer.from(image.get_bytes()).toString("base64");
	} finally {
		image.free();
	}
}

const screenshot: AgentTool = {
	name: "screenshot",
	label: "Screenshot",
	description: "Returns a screenshot",
	parameters: Type.Object({}),
	async execute() {
		return {
			content: [
				{ type: "text", text: "the screen" },
				{ type: "image", data: pngBase64(800, 400), mimeType: "image/png" },
			],
			details: undefined,
		};
	},
};

const sizeOf = (block: ImageContent) => getImageDimensions(new Uint8Array(Buffer.from(block.data, "base64")));

describe("tool-result images (pi 1.4: encoded for the model as they enter the conversation)", () => {
	it("resizes images of any tool's result, extension tool_result additions included, to the model's limits", async () => {
		const { session, faux } = await createExtensionSession(
			tempDir(),
			[
				(pi) => {
					pi.on("tool_result", (event) => ({
						content: [...event.content, { type: "image", data: pngBase64(300, 600), mimeType: "image/png" }],
					}));
				},
			],
			{ customTools: [screenshot], tools: ["screenshot"] },
		);
		await session.bindExtensions({});
		const model = session.model;
		if (!model) throw new Error("no model");
		session.agent.state.model = { ...model, inputLimits: { images: { resize: { maxWidth: 100, maxHeight: 100 } } } };
		faux.setResponses([fauxAssistantMessage(fauxToolCall("screenshot", {})), fauxAssistantMessage("done")]);
		await session.prompt("look");
		const result = session.messages.find((message) => message.role === "toolResult");
		const images = (result?.role === "toolResult" ? result.content : []).filter(
			(block): block is ImageContent => block.type === "image",
		);
		expect(images.map(sizeOf)).toEqual([
			{ width: 100, height: 50 },
			{ width: 50, height: 100 },
		]);
		session.dispose();
	});
});
