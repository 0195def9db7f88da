/** One SMS, ready to deliver (ID numbers already masked; the real text, secrets included). */
export interface SmsToSend {
  /** E.164 number, e.g. `+27821234567`. */
  to: string;
  message: string;
}

/** Delivers SMS. Implementations throw when the message was not accepted. */
export interface SmsSender {
  /**
   * Hands one SMS to the gateway.
   * @throws Error when it is not accepted (network failure, timeout, non-2xx answer)
   */
  send(sms: SmsToSend): Promise<void>;
}

/**
 * SMS through an HTTP gateway: `POST <gatewayUrl>` with JSON `{ "to": "+27...", "message": "..." }`
 * and `Authorization: Bearer <gatewayToken>` when a token is set. Any 2xx answer is success.
 * @param options.timeoutMs how long one request may take (default 10,000 ms)
 * @throws (from `send`) Error `SMS gateway answered HTTP <status>` on a non-2xx answer; the
 *   answer's body is not read, so an echoed message never reaches an error text
 */
export function createHttpSmsSender(options: {
  gatewayUrl: string;
  gatewayToken?: string | undefined;
  timeoutMs?: number;
}): SmsSender {
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    async send(sms) {
      const response = await fetch(options.gatewayUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(options.gatewayToken ? { authorization: `Bearer ${options.gatewayToken}` } : {}),
        },
        body: JSON.stringify({ to: sms.to, message: sms.message }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      // Release the connection without reading what the gateway said.
      await response.body?.cancel().catch(() => undefined);
      if (!response.ok) throw new Error(`SMS gateway answered HTTP ${response.status}`);
    },
  };
}
