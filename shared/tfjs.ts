/**
 * The parts of TensorFlow.js this project uses: the core ops, the graph-model loader and the CPU
 * backend (registered on import; shared/tfjs-backend.ts loads the wasm or tfjs-node backend on demand).
 * The full `@tensorflow/tfjs` bundle would add webgl, layers and data, which nothing here runs.
 */
import '@tensorflow/tfjs-backend-cpu';

export * from '@tensorflow/tfjs-core';
export { loadGraphModel, type GraphModel } from '@tensorflow/tfjs-converter';
