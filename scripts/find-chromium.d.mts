export declare const INSTALL_HINT: string;
export declare function findChromium(): string | undefined;
export declare const CHROMIUM_ARGS: string[];
export declare const BROWSER_TEST_ARGS: string[];
