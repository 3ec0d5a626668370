// A provider registered as an object: `echo/parrot` answers every prompt with the user's last
// message, streamed word by word, without a network. Useful to try extensions offline.
//   pi -e ./echo-provider.ts --model echo/parrot
import {
	AssistantMessageBuilder,
	AssistantMessageEventStream,
	type Context,
	createProvider,
	keylessAuth,
	type Model,
} from "@pi/ai";
import type { ExtensionAPI } from "@pi/coding-agent";

function lastUserText(context: Context): string {
	for (let index = context.messages.length - 1; index >= 0; index--) {
		const message = context.messages[index]!;
		if (message.role !== "user") continue;
		if (typeof message.content === "string") return message.content;
		return message.content.map((part) => (part.type === "text" ? part.text : "")).join("");
	}
	return "";
}

function echo(model: Model, context: Context): AssistantMessageEventStream {
	const stream = new AssistantMessageEventStream();
	const builder = new AssistantMessageBuilder(model, stream);
	builder.start();
	builder.text("reply", `echo: ${lastUserText(context)}`);
	builder.finish("stop");
	return stream;
}

export default function echoProvider(pi: ExtensionAPI): void {
	pi.registerProvider(
		createProvider({
			id: "echo",
			name: "Echo",
			baseUrl: "http://localhost",
			auth: { apiKey: keylessAuth("No key required", "echo") },
			models: [
				{
					id: "parrot",
					name: "Parrot",
					api: "echo",
					reasoning: false,
					input: ["text"],
					cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
					contextWindow: 8192,
					maxTokens: 1024,
				},
			],
			api: { stream: echo, streamSimple: echo },
		}),
	);
}
