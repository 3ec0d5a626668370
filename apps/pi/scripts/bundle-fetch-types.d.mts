// Types of bundle-fetch-types.mjs (for its tests): stand-ins with the web classes' shapes.
export declare const Headers: typeof globalThis.Headers;
export declare const Response: typeof globalThis.Response;
export declare const SdkResponse: typeof globalThis.Response;
export declare const SdkFormData: typeof globalThis.FormData;
