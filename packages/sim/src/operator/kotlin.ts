// The JVM exceptions the published operator app throws and catches, so the simulator keeps the app's control flow:
// which `catch (e: IllegalStateException)` sees which failure decides whether a step returns a failure or ends the
// whole execution. kotlinx.coroutines' CancellationException extends IllegalStateException (it is
// java.util.concurrent.CancellationException), so the app's ISE catches also catch a cancelled deadline, as on the
// device.

export class KotlinException extends Error {
  /** The JVM class name, as a stack trace prints it. */
  readonly javaClass: string = 'java.lang.Exception';

  /** Timber's `getStackTraceString`: the first line of the JVM's printStackTrace (the frames are the app's own). */
  stackTraceString(): string {
    const head = this.message === '' ? this.javaClass : `${this.javaClass}: ${this.message}`;
    return `${head}\n\tat ${this.frame}`;
  }

  /** Where the app threw it (file:line of the published source), for the stack trace line. */
  frame = 'clawperator.operator.agent.AgentCommandParserDefault.parse(AgentCommandParser.kt)';
}

export class IllegalStateException extends KotlinException {
  override readonly javaClass: string = 'java.lang.IllegalStateException';
}

export class IllegalArgumentException extends KotlinException {
  override readonly javaClass: string = 'java.lang.IllegalArgumentException';
}

/** kotlinx.serialization's parse failure (a SerializationException, itself an IllegalArgumentException). */
export class JsonDecodingException extends IllegalArgumentException {
  override readonly javaClass = 'kotlinx.serialization.json.internal.JsonDecodingException';
}

export class CancellationException extends IllegalStateException {
  override readonly javaClass: string = 'java.util.concurrent.CancellationException';
}

/** What `withTimeout` throws when its time is up (kotlinx.coroutines TimeoutCancellationException). */
export class TimeoutCancellationException extends CancellationException {
  override readonly javaClass = 'kotlinx.coroutines.TimeoutCancellationException';
  constructor(timeMillis: number) {
    super(`Timed out waiting for ${timeMillis} ms`);
  }
}

/** Kotlin's `error(msg)`. */
export function error(message: string): never {
  throw new IllegalStateException(message);
}

/** Kotlin's `require(condition) { msg }`. */
export function require(condition: boolean, message: () => string): asserts condition {
  if (!condition) throw new IllegalArgumentException(message());
}

/** Kotlin's `String.isBlank()`: empty or only whitespace (Character.isWhitespace). */
export function isBlank(text: string): boolean {
  return /^[\s\u001c-\u001f]*$/u.test(text);
}

/** Kotlin's `Long.coerceIn` / `Int.coerceIn`. */
export function coerceIn(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
