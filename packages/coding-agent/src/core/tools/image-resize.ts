import type { ImageResizer, ResizedImage } from "./image-resizer.js";

type Photon = typeof import("@silvia-odwyer/photon-node");

let photonLoading: Promise<Photon> | undefined;

// The wasm decoder is ~2 MB: load it only when an image actually needs shrinking.
function loadPhoton(): Promise<Photon> {
	photonLoading ??= import("@silvia-odwyer/photon-node").then((module) =>
		"default" in module ? (module.default as Photon) : module,
	);
	return photonLoading;
}

/** Size that fits `maxDimension`×`maxDimension` keeping the aspect ratio. */
export function fitWithin(width: number, height: number, maxDimension: number): { width: number; height: number } {
	const scale = Math.min(1, maxDimension / Math.max(width, height));
	return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * The default `images.autoResize` resizer: images larger than `maxDimension` on either side are
 * downscaled (aspect kept) with photon (wasm). JPEG stays JPEG; other formats become PNG. Images
 * that already fit, or that cannot be decoded, are returned as they are (undefined).
 */
export const resizeImageToFit: ImageResizer = async (image, maxDimension) => {
	// Lazy: @pi/tui is ~70 modules that `pi -p` and `pi --mode rpc` would otherwise load at start-up.
	const { getImageDimensions } = await import("@pi/tui");
	const dimensions = getImageDimensions(image.data);
	if (!dimensions || (dimensions.width <= maxDimension && dimensions.height <= maxDimension)) return undefined;
	const target = fitWithin(dimensions.width, dimensions.height, maxDimension);
	const photon = await loadPhoton();
	let source: InstanceType<Photon["PhotonImage"]> | undefined;
	let resized: InstanceType<Photon["PhotonImage"]> | undefined;
	try {
		source = photon.PhotonImage.new_from_byteslice(image.data);
		resized = photon.resize(source, target.width, target.height, photon.SamplingFilter.Lanczos3);
		const jpeg = image.mimeType === "image/jpeg";
		const result: ResizedImage = {
			data: jpeg ? resized.get_bytes_jpeg(85) : resized.get_bytes(),
			mimeType: jpeg ? "image/jpeg" : "image/png",
			note: `[Image resized from ${dimensions.width}x${dimensions.height} to ${target.width}x${target.height} to fit ${maxDimension}x${maxDimension}]`,
		};
		return result;
	} catch {
		// Undecodable by photon (e.g. an exotic variant): send the original rather than fail the read.
		return undefined;
	} finally {
		resized?.free();
		source?.free();
	}
};
