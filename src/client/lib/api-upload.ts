import { type AnyCallInput, type Call, type CallInput, type CallOutput, pathOf } from '#shared/api/contract';
import { errorOfAnswer } from './api-error';
import { reportAnswer, reportNoAnswer, secondsOfRetryAfter } from './connectivity';
import { requestInit } from './request-init';

/** How much of a request's body has gone out: bytes sent of the whole. */
export type SentSoFar = { sent: number; total: number };

/**
 * A call of the contract whose body is large enough for a person to wait on its sending (an account
 * import: up to 16 MiB). It carries what every call carries (lib/request-init.ts) and answers as
 * lib/api-client.ts does, but through XMLHttpRequest: fetch tells nothing of a body's progress, and a
 * progress bar needs it (docs/product.md#your-data).
 */
export function uploadApi<C extends Call>(
  call: C,
  input: CallInput<C> & { body: unknown },
  onSent: (progress: SentSoFar) => void,
): Promise<CallOutput<C>> {
  const init = requestInit(call.method, input.body);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(call.method, pathOf(call, input as AnyCallInput));
    request.withCredentials = true;
    for (const [name, value] of Object.entries(init.headers as Record<string, string>)) {
      request.setRequestHeader(name, value);
    }
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onSent({ sent: event.loaded, total: event.total });
    });
    request.addEventListener('load', () => {
      const retryAfter = secondsOfRetryAfter(request.getResponseHeader('retry-after'));
      reportAnswer(request.status, retryAfter);
      const text = request.responseText;
      if (request.status < 200 || request.status >= 300) {
        reject(errorOfAnswer(request, text, retryAfter));
        return;
      }
      try {
        resolve((text ? JSON.parse(text) : undefined) as CallOutput<C>);
      } catch {
        reject(new SyntaxError(`${request.status}: the answer was not JSON`));
      }
    });
    // No answer at all: the same TypeError fetch gives, which lib/error-text.ts words.
    const noAnswer = () => {
      reportNoAnswer();
      reject(new TypeError('Failed to fetch'));
    };
    request.addEventListener('error', noAnswer);
    request.addEventListener('timeout', noAnswer);
    request.send(init.body as string);
  });
}
