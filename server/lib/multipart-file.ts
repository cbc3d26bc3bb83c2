import type { FastifyRequest } from 'fastify';
import { BadRequestError, type AppError } from './errors.js';
import { serverMessages } from './messages.js';

export interface UploadedFile {
  fieldname: string;
  bytes: Buffer;
}

/**
 * Reads the one file of a multipart request into memory (undefined: not multipart, or no file). Every way a client
 * can get the form wrong is a 4xx in the error shape: no boundary, a form cut off or with broken part headers (400),
 * a file over `maxBytes` (`tooLarge`, 413). The multipart reader throws those as plain errors, which would
 * otherwise answer 500.
 */
export async function readUploadedFile(
  request: FastifyRequest,
  limits: { maxBytes: number; tooLarge: AppError },
): Promise<UploadedFile | undefined> {
  const { maxBytes, tooLarge } = limits;
  if (!request.isMultipart()) return undefined;
  try {
    const file = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
    if (!file) return undefined;
    return { fieldname: file.fieldname, bytes: await file.toBuffer() };
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 413) throw tooLarge;
    throw new BadRequestError(serverMessages.uploadMalformed, 'multipart_invalid');
  }
}
