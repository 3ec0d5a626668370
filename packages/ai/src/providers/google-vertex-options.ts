import type { GoogleOptions } from "./google-options.js";

/** Options of the `google-vertex` API module. */
export interface GoogleVertexOptions extends GoogleOptions {
	/** Google Cloud project (ADC only); default `GOOGLE_CLOUD_PROJECT`, then `GCLOUD_PROJECT`. */
	project?: string;
	/** Region such as "us-central1" (ADC only); default `GOOGLE_CLOUD_LOCATION`. */
	location?: string;
}
