/**
 * Turns Node file-system errors into the short messages the model sees (configuration.md §8,
 * "Notable errors"). `displayPath` is the path as the model wrote it.
 */

/** The `code` of a Node system error, if `error` is one. */
export function errorCode(error: unknown): string | undefined {
	if (typeof error === "object" && error !== null && "code" in error) {
		const code = (error as { code: unknown }).code;
		return typeof code === "string" ? code : undefined;
	}
	return undefined;
}

/** The error for a FIFO, device or socket, which the file tools never open for reading. */
export function notRegularFile(displayPath: string): Error {
	return new Error(`Not a regular file: ${displayPath} (a FIFO, device or socket cannot be read)`);
}

/** A tool error for a failed file access: `File not found: <path>`, `Permission denied: <path>`, … */
export function fileAccessError(error: unknown, displayPath: string): Error {
	switch (errorCode(error)) {
		case "ENOENT":
			return new Error(`File not found: ${displayPath}`);
		case "EACCES":
		case "EPERM":
			return new Error(`Permission denied: ${displayPath}`);
		case "EISDIR":
			return new Error(`Is a directory: ${displayPath}`);
		case "ENOTDIR":
			return new Error(`Not a directory: a parent of ${displayPath} is a file`);
		case "ENOTREGULAR":
			return notRegularFile(displayPath);
		case "ENOSPC":
		case "EDQUOT":
			return new Error(`No space left on device: ${displayPath}`);
		case "ELOOP":
			return new Error(`Too many levels of symbolic links: ${displayPath}`);
		default:
			return new Error(`Cannot access ${displayPath}: ${error instanceof Error ? error.message : String(error)}`);
	}
}
