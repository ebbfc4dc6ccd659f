export declare const TERSER: {
  module: boolean;
  ecma: 2020;
  compress: { passes: number };
  mangle: boolean;
  format: { comments: RegExp };
};
