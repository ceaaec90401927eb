package io.benchlab.runner.pods;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchlab.runner.core.BadInputException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClientPodsTest {

    @Test
    void clientsAreSplitAsEvenlyAsPossibleAndNumberedAcrossPods() {
        for (int clients = 3; clients <= 40; clients++) {
            for (int count = 1; count <= 3; count++) {
                List<Integer> numbers = new ArrayList<>();
                for (int i = 0; i < count; i++) {
                    ClientPods pod = new ClientPods(i, count);
                    assertThat(pod.share(clients)).isBetween(clients / count, clients / count + 1);
                    for (int c = 0; c < pod.share(clients); c++) {
                        numbers.add(pod.firstClient(clients) + c);
                    }
                }
                assertThat(numbers).as("%d clients over %d pods", clients, count)
                        .isEqualTo(java.util.stream.IntStream.range(0, clients).boxed().toList());
            }
        }
        assertThat(List.of(0, 1, 2).stream().map(i -> new ClientPods(i, 3).share(5)).toList()).containsExactly(2, 2, 1);
    }

    @Test
    void badSplitsAreRefusedInOneLine() {
        assertThatThrownBy(() -> new ClientPods(0, 0)).isInstanceOf(BadInputException.class)
                .hasMessage("--client-pods must be at least 1, got 0");
        assertThatThrownBy(() -> new ClientPods(2, 2)).isInstanceOf(BadInputException.class)
                .hasMessage("--client-pod must be between 0 and 1 for --client-pods 2, got 2");
        assertThatThrownBy(() -> new ClientPods(0, 3).requireClients(2)).isInstanceOf(BadInputException.class)
                .hasMessage("--client-pods 3 is more than --clients 2: every client pod runs at least one client");
        assertThat(ClientPods.ALONE.leads()).isTrue();
        assertThat(new ClientPods(1, 2).leads()).isFalse();
    }
}
