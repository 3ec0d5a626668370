/**
 * The export's inline script. The page is fully rendered without it; it only adds conveniences:
 * expand/collapse all, download the embedded session as JSONL (a local `blob:` URL, no network),
 * and closing the tree on narrow screens. It parses the embedded `#session-data` JSON and marks
 * `<html data-session-entries="N">` once it has run. Contains no `</script` and no `<!--`.
 */
export const EXPORT_SCRIPT = `
(function () {
	"use strict";
	var root = document.documentElement;
	var dataElement = document.getElementById("session-data");
	var data = JSON.parse(dataElement ? dataElement.textContent || "null" : "null");
	if (!data || !Array.isArray(data.entries)) return;
	root.setAttribute("data-session-entries", String(data.entries.length));

	function setAll(open) {
		var details = document.querySelectorAll(".transcript details");
		for (var i = 0; i !== details.length; i++) details[i].open = open;
	}

	function download() {
		var lines = [JSON.stringify(data.header)].concat(data.entries.map(function (entry) { return JSON.stringify(entry); }));
		var blob = new Blob([lines.join("\\n") + "\\n"], { type: "application/x-ndjson" });
		var link = document.createElement("a");
		link.href = URL.createObjectURL(blob);
		link.download = "session-" + String(data.header && data.header.id) + ".jsonl";
		document.body.appendChild(link);
		link.click();
		link.remove();
		setTimeout(function () { URL.revokeObjectURL(link.href); }, 0);
	}

	var actions = { "expand-all": function () { setAll(true); }, "collapse-all": function () { setAll(false); }, download: download };
	var toolbar = document.querySelector(".toolbar");
	if (toolbar) {
		toolbar.hidden = false;
		toolbar.addEventListener("click", function (event) {
			var target = event.target;
			var action = target && target.getAttribute ? target.getAttribute("data-action") : null;
			if (action && actions[action]) actions[action]();
		});
	}

	var tree = document.querySelector(".tree-panel > details");
	if (tree && window.matchMedia && window.matchMedia("(max-width: 1099px)").matches) tree.open = false;
	root.setAttribute("data-ready", "true");
})();
`;
