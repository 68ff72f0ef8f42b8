/**
 * The lean requests that write a message (src/bot/message-requests.ts): a request with files is one
 * multipart Buffer, read back here by undici's own multipart parser (`Response.formData`) as a
 * server reads it.
 */
import { describe, expect, it } from "vitest";
import { multipartBody } from "../../src/bot/message-requests.ts";

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("\r\n--not-a-boundary\r\n")]);
const gif = Buffer.from("GIF89a rest of it");

describe("multipartBody", () => {
  it("holds the payload as payload_json and each file under files[n] with its name, type and exact bytes", async () => {
    const payload = { type: 4, data: { content: "Ada plays ✓", attachments: [{ id: 0, description: "the table" }] } };
    const { body, contentType } = multipartBody(payload, [
      { name: "table.png", data: png },
      { name: "replay.gif", data: new Uint8Array(gif) },
      { name: "notes.txt", data: "plain words", key: "files[7]" },
    ]);
    expect(contentType).toMatch(/^multipart\/form-data; boundary=----onexeno-[0-9a-f]{24}$/);
    expect(multipartBody(payload, []).contentType).not.toBe(contentType); // one boundary a body
    const form = await new Response(body, { headers: { "content-type": contentType } }).formData();
    expect(JSON.parse(String(form.get("payload_json")))).toEqual(payload);
    const table = form.get("files[0]") as File;
    expect([table.name, table.type]).toEqual(["table.png", "image/png"]);
    expect(Buffer.from(await table.arrayBuffer()).equals(png)).toBe(true);
    const replay = form.get("files[1]") as File;
    expect([replay.name, replay.type]).toEqual(["replay.gif", "image/gif"]);
    expect(Buffer.from(await replay.arrayBuffer()).equals(gif)).toBe(true);
    const notes = form.get("files[7]") as File;
    expect([notes.name, notes.type, await notes.text()]).toEqual(["notes.txt", "application/octet-stream", "plain words"]);
  });

  it("escapes a quote or a line break in a file name, so no name ends its header early (the parser reads it back whole)", async () => {
    const { body, contentType } = multipartBody({}, [{ name: 'a"b\r\nContent-Type: text/html.png', data: png }]);
    const form = await new Response(body, { headers: { "content-type": contentType } }).formData();
    const file = form.get("files[0]") as File;
    expect(file.name).toBe('a"b\r\nContent-Type: text/html.png');
    expect(body.toString("latin1")).toContain('filename="a%22b%0D%0AContent-Type: text/html.png"');
    expect(file.type).toBe("image/png");
  });
});
