import { EventEmitter } from 'node:events';
import type { CoreEventName, CoreEvents } from '../../shared/contract/events.ts';

/** A typed event emitter over the events of shared/contract/events.ts. */
export class CoreEventBus {
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(100);
  }

  emit<K extends CoreEventName>(name: K, payload: CoreEvents[K]): void {
    this.emitter.emit(name, payload);
  }

  on<K extends CoreEventName>(name: K, listener: (payload: CoreEvents[K]) => void): () => void {
    this.emitter.on(name, listener);
    return () => this.emitter.off(name, listener);
  }
}
