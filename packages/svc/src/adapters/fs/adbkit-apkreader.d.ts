// The part of @devicefarmer/adbkit-apkreader svc uses (the package ships no types).
declare module '@devicefarmer/adbkit-apkreader' {
  interface ApkReader {
    readManifest(): Promise<unknown>;
  }
  const ApkReader: { open(apk: Buffer | string): Promise<ApkReader> };
  export default ApkReader;
}
