# One image for the three apps; docker-compose.yml picks the app with its command
# (npm run start:api | start:optimizer | start:notifier).
FROM node:20-slim
WORKDIR /app
COPY . .
# The lock may lack other platforms' optional binaries (see docs/infra.md); `npm install --no-save` then
# installs the same locked versions.
RUN (npm ci --no-audit --no-fund || npm install --no-audit --no-fund --no-save) && npm run build
ENV NODE_ENV=production
USER node
EXPOSE 8080
CMD ["npm", "run", "start:api"]
