import { useState } from 'react';
import { Badge, Button, Group, Image, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useTranslation } from 'react-i18next';
import { IMAGE_MAX_BYTES } from '../../../../shared/domain/images.ts';
import type { ProductImage } from '../../../../shared/domain/products.ts';
import type { QueuedNotification } from '../../../../shared/domain/staff-actions.ts';
import { useAction } from '../../api/operations.ts';
import { formatBytes } from '../../app/format.ts';
import { IconPackage, IconPhotoOff } from '../../app/shell/icons.tsx';
import classes from './product-images.module.css';
import { DetailSection } from '../../components/detail';
import { confirmAction, notifyFailed } from '../../components/feedback';
import { readBase64 } from '../attachments/files.ts';
import { notifyWrite } from './QueuedNotifications.tsx';

/** What the service accepts by content (SVG is refused: it can carry scripts). */
const ACCEPTED = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

interface Props {
  companyId: number;
  productId: number;
  code: string;
  images: readonly ProductImage[];
  onQueued: (notifications: readonly QueuedNotification[]) => void;
}

/**
 * One thumbnail; an image that cannot be loaded (gone, refused, not an image) shows an icon and
 * "Image unavailable" in the same box instead of its alt text spilling out of it. The alt text
 * stays the box's accessible name.
 */
function ProductThumb({ src, alt }: { src: string | null; alt: string }) {
  const { t } = useTranslation();
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (src === null || failedSrc === src) {
    return (
      <Stack role="img" aria-label={`${alt}: ${t('shellParts.imageUnavailable')}`} className={classes.unavailable} gap={2} data-testid="image-unavailable">
        <IconPhotoOff size={20} />
        <Text size="xs" c="dimmed" lh={1.2} ta="center">
          {t('shellParts.imageUnavailable')}
        </Text>
      </Stack>
    );
  }
  return (
    <Image src={src} alt={alt} h={72} fit="contain" radius="sm" bd="1px solid var(--mantine-color-default-border)" loading="lazy" onError={() => setFailedSrc(src)} />
  );
}

/**
 * The images of a product: thumbnails in display order (the first is the cover), a drop zone that
 * uploads each file (products.uploadImage, one after the other), and "delete all" after a
 * confirmation (the REST API deletes a product's images all together).
 */
export function ProductImages({ companyId, productId, code, images, onQueued }: Props) {
  const { t } = useTranslation();
  const upload = useAction('products.uploadImage');
  const remove = useAction('products.deleteImages');
  const [uploading, setUploading] = useState<string | null>(null);
  const max = formatBytes(IMAGE_MAX_BYTES);

  const start = async (files: File[]) => {
    for (const file of files) {
      setUploading(file.name);
      try {
        const answer = await upload.mutateAsync({ company_id: companyId, product_id: productId, file_name: file.name, content_base64: await readBase64(file) });
        onQueued(answer.notifications);
        notifyWrite(t, companyId, t('products.images.uploaded', { name: file.name }), answer.notifications);
      } catch (error) {
        notifyFailed(`${t('products.images.failedUpload')}: ${file.name}`, error);
      }
    }
    setUploading(null);
  };

  const removeAll = async () => {
    const ok = await confirmAction({
      title: t('products.images.confirmTitle', { code }),
      body: t('products.images.confirmBody', { count: images.length }),
      confirmLabel: t('products.images.deleteAll'),
      cancelLabel: t('common.cancel'),
      danger: true,
    });
    if (!ok) return;
    remove.mutate(
      { company_id: companyId, product_id: productId },
      {
        onSuccess: (answer) => {
          onQueued(answer.notifications);
          notifyWrite(t, companyId, t('products.images.deleted', { count: answer.deleted_count }), answer.notifications);
        },
        onError: (error) => notifyFailed(t('products.images.failedDelete'), error),
      },
    );
  };

  return (
    <DetailSection
      title={t('products.images.title')}
      count={images.length}
      testId="product-images"
      actions={
        images.length > 0 && (
          <Button size="compact-xs" variant="subtle" color="red" onClick={() => void removeAll()} loading={remove.isPending} data-testid="images-delete-all">
            {t('products.images.deleteAll')}
          </Button>
        )
      }
    >
      {images.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('products.images.none')}
        </Text>
      ) : (
        <SimpleGrid cols={4} spacing="xs">
          {images.map((image, i) => (
            <Stack key={image.image_id} gap={2} data-testid="product-image">
              <ProductThumb src={image.img_url_thumb ?? image.url ?? null} alt={image.alt_text || t('products.images.alt', { n: i + 1, code })} />
              {image.cover_picture === 1 && (
                <Badge size="xs" variant="light">
                  {t('products.images.cover')}
                </Badge>
              )}
            </Stack>
          ))}
        </SimpleGrid>
      )}
      <Dropzone
        onDrop={(files) => void start(files)}
        onReject={(rejections) =>
          rejections.forEach((r) => notifyFailed(t('products.images.failedUpload'), new Error(t('products.images.rejected', { name: r.file.name, max }))))
        }
        accept={ACCEPTED}
        maxSize={IMAGE_MAX_BYTES}
        multiple
        disabled={uploading !== null}
        inputProps={{ 'aria-label': t('products.images.upload'), 'data-testid': 'image-input' } as Record<string, string>}
        radius="md"
        p="sm"
        data-testid="image-dropzone"
      >
        <Group gap="sm" wrap="nowrap" style={{ pointerEvents: 'none' }}>
          {uploading !== null ? <Loader size="sm" /> : <IconPackage size={24} />}
          <div>
            <Text size="sm" fw={500}>
              {uploading !== null ? t('products.images.uploading', { name: uploading }) : t('products.images.dropHere')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('products.images.dropHint', { max })}
            </Text>
          </div>
        </Group>
      </Dropzone>
    </DetailSection>
  );
}
