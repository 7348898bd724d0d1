/** Runs publint and attw over the tarballs; returns the packages (and tool) with a problem. */
export declare function checkTarballs(tarballs: Record<string, string>): string[];
