// The part of emailjs-utf7 svc uses (the package ships no types): modified UTF-7 of RFC 3501 5.1.3.
declare module 'emailjs-utf7' {
  export function imapEncode(text: string): string;
  export function imapDecode(text: string): string;
}
