import type { MockApi, MockVendorStopReason } from "../types.js";

/**
 * The script's verbatim stop reason for one route: the string itself, or that API's entry when the
 * script gave one per API. Undefined means "use the vendor's word for `stopReason`".
 */
export function vendorStopReasonFor(reason: MockVendorStopReason | undefined, api: MockApi): string | undefined {
	if (reason === undefined || typeof reason === "string") return reason;
	return reason[api];
}
