// ~20 MCP-like tools (two namespaces) for the tool-search parity runs; exposure from PARITY_EXPOSURE.
const exposure = process.env.PARITY_EXPOSURE ?? "deferred";
const T = [
	["gh", "search_issues", "Search issues in a GitHub repository by text, label or state.", { repo: "Repository as owner/name", query: "Search text" }],
	["gh", "get_issue", "Get one issue with its comments.", { repo: "Repository", issueNumber: "The issue number" }],
	["gh", "create_issue", "Open a new issue.", { repo: "Repository", title: "Title", body: "Markdown body" }],
	["gh", "list_pull_requests", "List pull requests of a repository.", { repo: "Repository", state: "open, closed or all" }],
	["gh", "get_pull_request_diff", "Get the diff of a pull request.", { repo: "Repository", pullNumber: "Pull request number" }],
	["gh", "merge_pull_request", "Merge a pull request.", { repo: "Repository", pullNumber: "Pull request number", mergeMethod: "merge, squash or rebase" }],
	["gh", "list_commits", "List commits on a branch.", { repo: "Repository", branch: "Branch name" }],
	["gh", "get_file_contents", "Read a file from a repository at a ref.", { repo: "Repository", path: "File path", ref: "Git ref" }],
	["gh", "create_branch", "Create a branch from a ref.", { repo: "Repository", branchName: "New branch", fromRef: "Base ref" }],
	["gh", "searchCode", "Search code across repositories.", { q: "Query in GitHub code search syntax" }],
	["gh", "listWorkflowRuns", "List CI workflow runs and their status.", { repo: "Repository", workflowId: "Workflow file or id" }],
	["slack", "post_message", "Post a message to a channel.", { channel: "Channel id", text: "Message text" }],
	["slack", "list_channels", "List the channels of the workspace.", {}],
	["slack", "get_channel_history", "Read recent messages of a channel.", { channel: "Channel id", limit: "How many messages" }],
	["slack", "search_messages", "Search messages across channels.", { query: "Search text" }],
	["slack", "add_reaction", "Add an emoji reaction to a message.", { channel: "Channel id", timestamp: "Message ts", emoji: "Emoji name" }],
	["slack", "get_user_profile", "Get a user's profile.", { userId: "User id" }],
	["slack", "upload_file", "Upload a file to channels.", { channels: "Channel ids", filePath: "Local path" }],
	["slack", "set_channel_topic", "Set the topic of a channel.", { channel: "Channel id", topic: "New topic" }],
	["slack", "schedule_message", "Schedule a message for later.", { channel: "Channel id", text: "Text", postAt: "Unix time" }],
];
const NS = {
	gh: { name: "mcp__github", description: "GitHub: issues, pull requests, code and CI." },
	slack: { name: "mcp__slack", description: "Slack workspace messaging." },
};
export default function (pi) {
	for (const [ns, name, description, params] of T) {
		const properties = Object.fromEntries(Object.entries(params).map(([k, d]) => [k, { type: "string", description: d }]));
		pi.registerTool({
			name: `${NS[ns].name}__${name}`,
			label: name,
			description,
			parameters: { type: "object", properties, required: Object.keys(properties) },
			exposure,
			namespace: NS[ns],
			async execute() {
				return { content: [{ type: "text", text: `${name} ok` }], details: undefined };
			},
		});
	}
}
