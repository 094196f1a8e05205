/**
 * Reads a response's server-sent events until the server ends the stream, handing each named event's parsed data to
 * `onEvent` (which may throw to stop reading). Used for streams that EventSource cannot open (a POST, a bearer token).
 */
export async function readServerSentEvents(response: Response, onEvent: (event: string, data: unknown) => void): Promise<void> {
  if (!response.body) throw new Error('Response body is null');
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event && data) onEvent(event, JSON.parse(data));
    }
  }
}
