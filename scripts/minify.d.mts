export declare const TERSER: {
  module: boolean;
  ecma: 2020;
  compress: { passes: number };
  mangle: boolean;
  format: { comments: RegExp };
};
export declare const COMPILE_HINT_MIN_BYTES: number;
export declare function compileWhileDownloading(file: string): void;
