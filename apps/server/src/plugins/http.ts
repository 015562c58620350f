import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The app's own responses: security headers, compression, and the API's description. */
export const httpPlugin = fp(
  async (app: FastifyInstance) => {
    const { settings } = app;
    // A custom PayPal SDK (PAYPAL_SDK_URL, e.g. the local stand-in) must be allowed to load and call home.
    const paypalSdkOrigin = settings.PAYPAL_SDK_URL
      ? [new URL(settings.PAYPAL_SDK_URL).origin]
      : [];
    await app.register(fastifyHelmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: [
            "'self'",
            'https://accounts.google.com',
            'https://*.paypal.com',
            ...paypalSdkOrigin,
          ],
          styleSrc: ["'self'", "'unsafe-inline'", 'https://accounts.google.com'],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          connectSrc: [
            "'self'",
            'https://accounts.google.com',
            'https://*.paypal.com',
            ...paypalSdkOrigin,
          ],
          frameSrc: [
            "'self'",
            'https://accounts.google.com',
            'https://*.paypal.com',
            ...paypalSdkOrigin,
          ],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    });
    await app.register(fastifyCompress, { threshold: 1024 });
    await app.register(fastifySwagger, {
      openapi: {
        info: { title: `${settings.APP_NAME} API`, version: '1.0.0' },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
        security: [{ bearer: [] }],
      },
      transform: jsonSchemaTransform,
    });
    await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { fastify: '5.x', name: 'http', dependencies: ['database'] },
);
