/** The Chromium to launch: a path, or undefined for Playwright's own browser when that one is installed. */
export function chromiumExecutable(): string | undefined;
/** Why the browser tests cannot run here, in one line; undefined when a Chromium is there. */
export function missingChromium(): string | undefined;
