import { envelope, externalIdParam } from '@app/contract/common';
import { PROFILE_IMAGE_MAX_BYTES } from '@app/contract/constants';
import { MSG } from '@app/contract/messages';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { principalOf } from '../../http/access.ts';
import type { App } from '../../http/app-type.ts';
import { send } from '../../http/envelope.ts';
import { badRequest, notFound, payloadTooLarge, unsupportedMediaType } from '../../http/errors.ts';
import type { UsersService } from '../users/users.service.ts';
import { filesRepo } from './files.repo.ts';
import { sniffImage } from './sniff.ts';

const tags = ['files'];

/** Profile images: uploaded by their owner, served to anyone holding the unguessable address. */
export function filesRoutes(app: App, { db }: Deps, users: UsersService) {
  const repo = filesRepo(db);

  app.post(
    '/api/users/external/:id/image',
    {
      config: { access: { signedIn: true } },
      schema: {
        tags,
        params: externalIdParam,
        consumes: ['multipart/form-data'],
        response: { 201: envelope(z.object({ image_url: z.string() })) },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const owner = await users.ownAccount(principal, { externalId: request.params.id });
      if (!request.isMultipart()) throw unsupportedMediaType('Send the image as multipart/form-data');
      const part = await request.file({ limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1 } });
      if (!part) throw badRequest('Image is required', [{ field: 'image', message: 'Image is required' }]);
      const content = await part.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE')
          throw payloadTooLarge('Profile image must not exceed 2MB');
        throw error;
      });
      const type = sniffImage(content);
      if (!type) throw unsupportedMediaType(MSG.unsupportedImage);
      const id = await repo.create({
        companyId: owner.companyId,
        ownerUserId: owner.id,
        contentType: type,
        filename: part.filename.slice(0, 255) || 'image',
        size: content.length,
        content: content.toString('base64'),
      });
      const imageUrl = `/api/files/${id}`;
      await users.setImage(owner.id, imageUrl);
      return send(reply, { image_url: imageUrl }, MSG.profileUpdated, 201);
    },
  );

  app.get(
    '/api/files/:id',
    { config: { access: { public: true } }, schema: { tags, params: externalIdParam } },
    async (request, reply) => {
      const file = await repo.find(request.params.id);
      if (!file) throw notFound(MSG.notFound('File'));
      return reply
        .type(file.contentType)
        .header('cache-control', 'private, max-age=86400, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(file.content, 'base64'));
    },
  );
}
